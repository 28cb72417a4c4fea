export * from './constants/vocabularies';
