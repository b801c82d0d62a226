import { GameScreen } from '../components/game-screen';

export default function GamePage() {
  return <GameScreen />;
}
