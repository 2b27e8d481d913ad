/** The demo-photo drawings, by family (see common.ts for the conventions). */
export * from './buildings';
export * from './common';
export * from './electronics';
export * from './hobbies';
export * from './home';
export * from './vehicles';
