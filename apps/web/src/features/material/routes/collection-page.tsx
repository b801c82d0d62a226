import { ModuleScreen } from '../components/module-screen';

export default function CollectionPage() {
  return <ModuleScreen />;
}
