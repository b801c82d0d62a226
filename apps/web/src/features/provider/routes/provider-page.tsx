/** `/provider/index`: the game providers — status, offering on this site, shared secret. */
export default function ProviderPage() {
  return <div className="page" data-testid="provider-page" />;
}
