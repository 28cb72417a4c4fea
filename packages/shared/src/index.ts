export * from './constants/vocabularies';
export * from './constants/provinces';
export * from './constants/ods';
export * from './constants/study-areas';
export * from './constants/options';
export * from './constants/limits';
export * from './constants/questionnaire';
export * from './workflow/project-workflow';
