import type { FieldProps } from '../types';

/** Text only: no control, never required (spec §5). */
export function InformationField({ item, id }: FieldProps) {
  return (
    <div id={id} className="flex flex-col gap-1 text-sm text-slate-800">
      {item.label !== undefined ? (
        <p className="font-semibold text-slate-900">{item.label}</p>
      ) : null}
      {item.sublabel !== undefined ? <div>{item.sublabel}</div> : null}
      {item.footer !== undefined ? <div className="text-slate-600">{item.footer}</div> : null}
    </div>
  );
}
