/** Header button with the count of logged errors; opens the error log list. */
export function ErrorLogButton() {
  return null;
}
