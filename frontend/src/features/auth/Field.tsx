// The labelled inputs are shared with the settings forms; auth's screens keep importing them here.
export { CheckField, type CheckFieldProps, Field, type FieldProps } from '@/components/Field';
