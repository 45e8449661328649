export { Button, type ButtonProps } from './Button';
export { Collapsible, type CollapsibleProps } from './Collapsible';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { DateRange, type DateRangeProps, type DateRangeValue } from './DateRange';
export { Dialog, type DialogProps } from './Dialog';
export { CheckField, type CheckFieldProps, Field, type FieldProps } from './Field';
export { SessionProblem } from './SessionProblem';
export { Spinner } from './Spinner';
export { type ToastApi, ToastProvider, useToast } from './Toast';
export {
  UpgradePrompt,
  type UpgradePromptProps,
  upgradeMessageFor,
} from './UpgradePrompt';
