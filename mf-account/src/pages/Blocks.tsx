/** /blocks (Czarna lista): blocked users, tags and domains, with undo. */
import { PerkListPage } from './Follows.tsx';

export default function Blocks() {
  return <PerkListPage action="block" />;
}
