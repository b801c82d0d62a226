/** What the forms that send a one-time code share (phone sign-in, forgot password, proving a contact). */

/** How long a code form waits before it offers to send another code. */
export const CODE_RESEND_SECONDS = 60;

/** A phone number as people type it (`+886 912-345 678`) in the form the server reads (`+886912345678`). */
export function compactPhone(value: string): string {
  return value.trim().replace(/[\s\-().]/g, '');
}
