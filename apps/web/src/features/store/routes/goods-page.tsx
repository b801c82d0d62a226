import { GoodsScreen } from '../components/goods-screen';

export default function StoreGoodsPage() {
  return <GoodsScreen />;
}
