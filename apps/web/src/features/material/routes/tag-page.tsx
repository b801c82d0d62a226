import { TagScreen } from '../components/tag-screen';

export default function TagPage() {
  return <TagScreen />;
}
