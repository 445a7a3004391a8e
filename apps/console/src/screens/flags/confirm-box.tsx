import { ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A question before an action that changes what SDKs are served (the console's other screens ask
 * the same way, in place): its title, what it does, the action's button and Cancel. The action's
 * button takes the focus; Escape cancels.
 */
export function ConfirmBox({
  title,
  children,
  action,
  danger,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  action: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={children ? `${id}-body` : undefined}
      className="confirm banner"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p id={`${id}-title`}>
        <strong>{title}</strong>
      </p>
      {children ? <div id={`${id}-body`}>{children}</div> : null}
      <button ref={confirm} type="button" className={danger ? 'danger' : 'primary'} onClick={onConfirm}>
        {action}
      </button>{' '}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
