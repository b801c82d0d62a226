import { OrderScreen } from '../components/order-screen';

export default function StoreOrderPage() {
  return <OrderScreen />;
}
