/** `/error-log/list`: the errors caught in this browser. */
export default function ErrorLogPage() {
  return null;
}
