import { type Envelope, http } from '../../platform/http/client';
import type { Row } from '../../resources/types';

export const PROJECT = 'formproject';
export type ProjectMode = 'add' | 'edit' | 'look' | 'perform' | 'audit';

/** The page of each mode (spec 2.5 /project/projectSave*). */
export const MODE_PATHS: Record<ProjectMode, string> = {
  add: '/project/projectSaveAdd',
  edit: '/project/projectSaveEdit',
  look: '/project/projectSaveLook',
  perform: '/project/projectSavePerform',
  audit: '/project/projectSaveAudit',
};

/** A project with its form's code, execution fields and values (server diyform/project.ts). */
export interface ProjectView extends Row {
  formId: number;
  formCode: string;
  executionFields: string[];
  values: Record<string, unknown>;
  state: string;
}

export const fetchProject = async (id: number) =>
  (await http.get<Envelope<ProjectView>>('/api-manage/project/view', { id })).data;

export const fetchProjectForm = async (formId: number) =>
  (await http.get<Envelope<{ formCode: string; executionFields: string[] }>>('/api-manage/project/form', { formId }))
    .data;

/** The project form a fromproject menu leaf names by its code (its query). */
export const fetchProjectFormByCode = async (code: string) =>
  (
    await http.get<Envelope<{ formId: number; formCode: string; executionFields: string[] }>>(
      '/api-manage/project/form',
      { code },
    )
  ).data;

export const saveProject = async (body: Record<string, unknown>) =>
  (await http.post<Envelope<ProjectView>>('/api-manage/project/save', body)).data;

export const performProject = async (body: Record<string, unknown>) =>
  (await http.post<Envelope<ProjectView>>('/api-manage/project/perform', body)).data;

/** The modes a project may be opened in from the list, as its state allows. */
export function modesOf(state: string): ProjectMode[] {
  if (state === 'planned') return ['look', 'edit'];
  if (state === 'executing') return ['look', 'perform'];
  if (state === 'auditing') return ['look', 'audit'];
  return ['look'];
}
