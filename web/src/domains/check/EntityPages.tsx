import { ResourceListPage } from '../../resources/ResourceListPage';
import { useKind } from './kind';

/** The check items of the page's kind (/check/spotcheck/2, /patrol/project/1, /maintain/project/3). */
export function ProjectList() {
  const kind = useKind();
  return <ResourceListPage key={kind} entity="checkproject" fixed={{ kind }} />;
}

/** The schemes of the page's kind with their items (/check/spotcheckmethod/2, /patrol/programme/1, /maintain/programme/3). */
export function SchemeList() {
  const kind = useKind();
  return <ResourceListPage key={kind} entity="checkscheme" fixed={{ kind }} />;
}
