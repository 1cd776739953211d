import { type Envelope, getData, http } from '../../platform/http/client';

/** A menu group a form can be published under (a tree). */
export interface MenuGroup {
  id: string;
  key: string | null;
  menuname: string;
  children: MenuGroup[];
}

export const fetchMenuGroups = () => getData<MenuGroup[]>('/api-manage/customform/menuGroups');

export const publishForm = (id: number, parentId: string) =>
  http.post<Envelope<{ menuId: string }>>('/api-manage/customform/publish', { id, parentId });

export const unpublishForm = (id: number) =>
  http.post<Envelope<{ deleted: number }>>('/api-manage/customform/unpublish', { id });

/** Puts a form's fields in this order. */
export const sortFields = (code: string, ids: number[]) =>
  http.post<Envelope<{ changed: number }>>(`/api-manage/form/${code}/fields/sort`, { ids });

export const allFields = (code: string) =>
  getData<{ id: number; sort: number | null }[]>(`/api-manage/form/${code}/fields/all`);
