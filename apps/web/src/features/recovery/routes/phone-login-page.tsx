/** Placeholder while the page is being built (issue 33). */
export default function Page() {
  return null;
}
