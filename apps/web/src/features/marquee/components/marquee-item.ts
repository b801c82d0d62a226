/** One broadcast line as the marquee shows it. */
export interface MarqueeItem {
  id: number;
  text: string;
}
