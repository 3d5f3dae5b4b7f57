import Check from 'lucide-react/icons/check';
import Eye from 'lucide-react/icons/eye';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import type { ReactNode } from 'react';
import type { VerificationStatus } from '@trustlinks/contract/constants';
import type { Entity } from '@trustlinks/contract/entities';
import { Button } from '../../../components/ui/button';
import type { ButtonVariant } from '../../../components/ui/button';
import { ENTITIES_TEXT as T } from '../admin-texts';
import type { EntityAction } from '../admin-texts';

/** docs/product/states.md: pending → Approve, Reject; approved → Reject; rejected → Approve, Delete. */
export const ACTIONS_BY_STATUS: Record<VerificationStatus, readonly EntityAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['reject'],
  rejected: ['approve', 'delete'],
};

const ACTION_STYLE: Record<EntityAction, { variant: ButtonVariant; icon: ReactNode }> = {
  approve: { variant: 'primary', icon: <Check aria-hidden="true" /> },
  reject: { variant: 'outline', icon: <X aria-hidden="true" /> },
  delete: { variant: 'danger', icon: <Trash2 aria-hidden="true" /> },
};

interface EntityRowActionsProps {
  entity: Entity;
  /** The action this row is waiting for, if any: its buttons are disabled meanwhile. */
  busy: EntityAction | undefined;
  onView: (entity: Entity) => void;
  onAction: (entity: Entity, action: EntityAction) => void;
}

export function EntityRowActions({ entity, busy, onView, onAction }: EntityRowActionsProps) {
  return (
    <div
      role="group"
      aria-label={T.actionsFor(entity.name)}
      className="flex flex-wrap items-center gap-1.5 max-md:pt-1 md:justify-end"
    >
      <Button variant="ghost" size="sm" onClick={() => onView(entity)}>
        <Eye aria-hidden="true" />
        {T.view}
      </Button>
      {ACTIONS_BY_STATUS[entity.verification_status].map((action) => {
        const style = ACTION_STYLE[action];
        const running = busy === action;
        return (
          <Button
            key={action}
            variant={style.variant}
            size="sm"
            disabled={busy !== undefined}
            onClick={() => onAction(entity, action)}
          >
            {running ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : style.icon}
            {running ? T.busy[action] : T[action]}
          </Button>
        );
      })}
    </div>
  );
}
