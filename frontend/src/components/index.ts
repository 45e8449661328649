export type { DateRangeValue } from '../lib/date-range';
export {
  EmailField,
  type NewPassword,
  type NewPasswordErrors,
  NewPasswordFields,
  newPasswordErrors,
  PasswordField,
} from './AccountFields';
export { Button, type ButtonProps } from './Button';
export { CodeField } from './CodeField';
export { Collapsible, type CollapsibleProps } from './Collapsible';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { DateRange, type DateRangeProps } from './DateRange';
export {
  DecimalField,
  type DecimalFieldProps,
  useDecimalReader,
  useNumberLocale,
} from './DecimalField';
export { Dialog, type DialogProps } from './Dialog';
export { EditableList, type EditableListProps, type EditableListWords } from './EditableList';
export {
  ExpenseCategoryField,
  type ExpenseCategoryFieldProps,
  expenseCategoryName,
} from './ExpenseCategoryField';
export { Field, type FieldControlProps, type FieldProps } from './Field';
export { FormError, SubmitRow, type SubmitRowProps } from './Form';
export { LanguageOptions } from './LanguageOptions';
export { MenuButton, type MenuButtonProps, type MenuItem } from './MenuButton';
export { type Named, NamedOptions } from './NamedOptions';
export { SessionProblem } from './SessionProblem';
export { Spinner } from './Spinner';
export { type ToastApi, ToastProvider, useToast } from './Toast';
export {
  UpgradePrompt,
  type UpgradePromptProps,
  upgradeMessageFor,
} from './UpgradePrompt';
export { ValueOptions } from './ValueOptions';
