import { ProjectList } from './EntityPages';

export default ProjectList;
