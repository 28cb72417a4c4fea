import { useId } from 'react';
import { ApplicationStatusBadge } from '../../../entities/application/components/application-status-badge';
import type { AdminApplication } from '../../../entities/application/types';
import { formatDay } from '../utils/format';

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const TD = 'px-3 py-3 align-top text-sm text-slate-900';

/**
 * The applications as a table with a caption and column headers. At 360 px the table keeps its
 * columns and scrolls sideways inside a focusable region (keyboard users scroll it with arrows).
 */
export function ApplicationsTable({
  applications,
  caption,
}: {
  applications: AdminApplication[];
  caption: string;
}) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-main"
    >
      <table className="min-w-[56rem] w-full divide-y divide-slate-200 bg-white">
        <caption
          id={captionId}
          className="px-3 py-3 text-left text-sm font-semibold text-slate-900"
        >
          {caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Estudiante
            </th>
            <th scope="col" className={TH}>
              Universidad y titulación
            </th>
            <th scope="col" className={TH}>
              Proyecto
            </th>
            <th scope="col" className={TH}>
              Organización
            </th>
            <th scope="col" className={TH}>
              Estado
            </th>
            <th scope="col" className={TH}>
              Fecha
            </th>
            <th scope="col" className={TH}>
              Tutor
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {applications.map((a) => (
            <tr key={a.id}>
              <th scope="row" className={`${TD} text-left font-semibold`}>
                {a.studentName ?? 'Sin nombre'}
                {a.studentEmail ? (
                  <span className="block font-normal break-all text-slate-600">
                    {a.studentEmail}
                  </span>
                ) : null}
              </th>
              <td className={TD}>
                {a.university ?? '—'}
                {a.degree ? <span className="block text-slate-600">{a.degree}</span> : null}
              </td>
              <td className={TD}>{a.projectTitle ?? 'Proyecto no disponible'}</td>
              <td className={TD}>{a.organization ?? '—'}</td>
              <td className={TD}>
                <ApplicationStatusBadge status={a.status} />
              </td>
              <td className={`${TD} whitespace-nowrap`}>
                <time dateTime={a.createdAt}>{formatDay(a.createdAt)}</time>
              </td>
              <td className={TD}>{a.tutor?.name ?? 'Sin asignar'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
