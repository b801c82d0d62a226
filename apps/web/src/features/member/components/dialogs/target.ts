/** The account a dialog acts on. */

export interface Target {
  id: number;
  accountNo: string;
}
