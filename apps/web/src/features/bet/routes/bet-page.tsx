/** `/bet/index`: search the bets of the caller's subtree. */
export default function BetPage() {
  return <div className="page" data-testid="bet-page" />;
}
