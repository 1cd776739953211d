import { SchemeList } from './EntityPages';

export default SchemeList;
