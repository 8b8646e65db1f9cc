// The Ukrainian twin of /basket/remove: the same definition, answering in Ukrainian (the path's language).
export { POST } from '../../basket/remove.ts';
