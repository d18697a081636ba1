/** `./dialogs`: the quick-dialog types this remote owns (spec §2). */
import type { DialogComponents } from 'shared-ui';
import { LightboxDialog } from './dialogs/LightboxDialog.tsx';
import { perkDialog } from './dialogs/PerkDialog.tsx';
import { TagManageDialog } from './dialogs/TagManageDialog.tsx';
import { VotersDialog } from './dialogs/VotersDialog.tsx';
import './feed.css';

const dialogs: DialogComponents = {
  'perk-user': perkDialog('user'),
  'perk-tag': perkDialog('tag'),
  'perk-domain': perkDialog('domain'),
  'tag-manage': TagManageDialog,
  voters: VotersDialog,
  lightbox: LightboxDialog,
};

export default dialogs;
