import type { ComponentType } from 'react';

/** The project picker the app plugs into the entry forms (the projects feature provides it). */
export interface ProjectPickerProps {
  value: string | undefined;
  onChange: (projectId: string) => void;
  label?: string;
}
export type ProjectPickerComponent = ComponentType<ProjectPickerProps>;

/** The minimum the edit screens need to know of a project: its id, to look the entry up. */
export interface ProjectRef {
  _id: string;
  name: string;
}
