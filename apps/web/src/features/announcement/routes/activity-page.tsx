import { ContentScreen } from '../components/content-screen';

/** `/announcement/activity`: activities, and the list of those that pop up after sign-in. */
export default function ActivityPage() {
  return <ContentScreen type="ACTIVITY" />;
}
