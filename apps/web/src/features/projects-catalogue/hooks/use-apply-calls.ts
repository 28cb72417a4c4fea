import { useQuery } from '@tanstack/react-query';
import { callsQueryOptions } from '../api/get-calls';
import { useStudentDegree } from '../../../entities/student/api/get-student-degree';
import type { Call } from '../types';

/**
 * The calls the apply form offers a student: every open call, plus those of the student's degree
 * asked for on their own, so theirs are always there (and listed first) however many calls the
 * platform holds. A student whose degree cannot be read gets the plain list.
 */
export function useApplyCalls(studentId: number) {
  const degree = useStudentDegree(studentId);
  const degreeId = degree.data?.id;
  const all = useQuery(callsQueryOptions());
  const own = useQuery({ ...callsQueryOptions(degreeId), enabled: degreeId !== undefined });
  const ownCalls = degreeId !== undefined ? (own.data ?? []) : [];
  const calls: Call[] = [
    ...ownCalls,
    ...(all.data ?? []).filter((call) => !ownCalls.some((mine) => mine.id === call.id)),
  ];
  return {
    isPending: all.isPending || degree.isPending || (degreeId !== undefined && own.isPending),
    calls,
    ownCallIds: new Set(ownCalls.map((call) => call.id)),
  };
}
