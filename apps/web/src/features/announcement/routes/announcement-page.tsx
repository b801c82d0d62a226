import { ContentScreen } from '../components/content-screen';

/** `/announcement/announcement`: announcements. */
export default function AnnouncementPage() {
  return <ContentScreen type="ANNOUNCEMENT" />;
}
