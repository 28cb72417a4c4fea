export {
  CATALOGUE_PAGE_SIZE,
  MASTER_STUDY_TYPE,
  createCampusOptions,
  createDegreeOptions,
  getCampusOptions,
  getStudentDegreeOptions,
  getTeacherDegreeOptions,
  getUniversityOptions,
} from './catalogue-options';
