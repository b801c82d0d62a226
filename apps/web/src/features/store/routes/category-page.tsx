import { CategoryScreen } from '../components/category-screen';

export default function StoreCategoryPage() {
  return <CategoryScreen />;
}
