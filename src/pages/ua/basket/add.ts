// The Ukrainian twin of /basket/add: the same definition, answering in Ukrainian (the path's language).
export { POST } from '../../basket/add.ts';
