import { currentSiteMode } from './site';

/** Where the `member` namespace keeps what this site calls a player: cabinet sites say "cabinet" (spec §1). */
export function playerTermsKey(): 'terms.cabinet' | 'terms.player' {
  return currentSiteMode() === 'cabinet' ? 'terms.cabinet' : 'terms.player';
}
