/** The level under which accounts are created: its ratio and bet limits bound the new account's. */
export interface ParentContext {
  id: number;
  accountNo: string;
  /** Null when not known to the screen (the server checks it anyway). */
  ratio: string | null;
  betLimits: string[] | null;
  /** Whether `betLimits` is the parent's real set (null with `limitsKnown` means: every preset). */
  limitsKnown: boolean;
  isSelf: boolean;
}

/** The wizard form's values. */
export interface WizardValues {
  accountNo: string;
  nickName: string;
  password: string;
  ratio: string;
  providers: string[];
  betLimits: string[];
}

/** A random password that meets the shared rule (letters and digits, 10 characters). */
export function generatePassword(random: (n: number) => number = (n) => crypto.getRandomValues(new Uint32Array(1))[0]! % n): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = [letters[random(letters.length)]!, digits[random(digits.length)]!];
  while (chars.length < 10) chars.push(all[random(all.length)]!);
  return chars.join('');
}

/** Account numbers already checked (lower case → free), shared by every opening of the wizard. */
export const availability = new Map<string, boolean>();
