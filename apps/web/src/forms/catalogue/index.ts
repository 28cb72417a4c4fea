export {
  MASTER_STUDY_TYPE,
  createCampusOptions,
  createDegreeOptions,
  getCampusOptions,
  getStudentDegreeOptions,
  getTeacherDegreeOptions,
  getUniversityOptions,
} from './catalogue-options';
