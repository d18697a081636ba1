/** `./dialogs`: the quick-dialog types this remote owns (docs/product.md ). */
import type { DialogComponents } from 'shared-ui';
import { LightboxDialog } from './dialogs/LightboxDialog.tsx';
import { PerkDomainDialog, PerkTagDialog, PerkUserDialog } from './dialogs/PerkDialog.tsx';
import { TagManageDialog } from './dialogs/TagManageDialog.tsx';
import { VotersDialog } from './dialogs/VotersDialog.tsx';
import './feed.css';

const dialogs: DialogComponents = {
  'perk-user': PerkUserDialog,
  'perk-tag': PerkTagDialog,
  'perk-domain': PerkDomainDialog,
  'tag-manage': TagManageDialog,
  voters: VotersDialog,
  lightbox: LightboxDialog,
};

export default dialogs;
