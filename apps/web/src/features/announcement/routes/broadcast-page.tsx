import { ContentScreen } from '../components/content-screen';

/** `/announcement/broadcast`: broadcasts, one line per locale, run live as the header's marquee. */
export default function BroadcastPage() {
  return <ContentScreen type="BROADCAST" />;
}
