import { CategoryScreen } from '../components/category-screen';

export default function CategoryPage() {
  return <CategoryScreen />;
}
