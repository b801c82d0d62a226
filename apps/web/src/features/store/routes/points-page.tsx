import { PointsScreen } from '../components/points-screen';

export default function StorePointsPage() {
  return <PointsScreen />;
}
