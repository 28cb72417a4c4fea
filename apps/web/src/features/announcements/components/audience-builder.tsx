import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import {
  APPLICATION_STATUSES,
  PROVINCE_NAMES,
  STUDENT_GOALS,
  STUDENT_GOAL_LABELS,
  STUDY_AREA_NAMES,
  STUDY_TYPES,
  THESIS_STAGES,
  THESIS_STAGE_LABELS,
  type StudyType,
} from '@plataforma/shared';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import {
  getCampusOptions,
  getStudentDegreeOptions,
  getUniversityOptions,
} from '../../../forms/catalogue';
import { localOptions } from '../../../forms/engine/local-options';
import { getProjectOptions } from '../api/get-project-options';
import type { AudienceChoice, ChosenOption } from '../types';
import { EMPTY_CHOICE } from '../utils/audience';
import { extractEmails } from '../utils/emails';
import { EmailListField } from './email-list-field';
import { OptionSearch } from './option-search';

const getProvinceOptions = localOptions(PROVINCE_NAMES);
const getStudyAreaOptions = localOptions(STUDY_AREA_NAMES);

const ANY = 'Cualquiera';

const names = (options: readonly ChosenOption[]) =>
  options.length === 0 ? ANY : options.map((option) => option.label).join(', ');

const asOptions = (values: readonly string[]): ChosenOption[] =>
  values.map((value) => ({ value, label: value }));

/** One criterion: a button saying what is chosen, opening what to choose from. */
function Criterion({
  label,
  summary,
  children,
}: {
  label: string;
  summary: string;
  children: ReactNode;
}) {
  const isChosen = summary !== ANY;
  return (
    <Disclosure as="div" className="min-w-0 rounded-xl border border-slate-200 bg-white">
      <DisclosureButton className="group flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left">
        <span className="flex min-w-0 flex-col">
          <span className="text-sm font-semibold text-slate-900">{label}</span>
          <span
            className={
              isChosen ? 'text-sm font-medium break-words text-main-ink' : 'text-sm text-slate-600'
            }
          >
            {summary}
          </span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-5 shrink-0 text-slate-600 transition-transform group-data-[open]:rotate-180 motion-reduce:transition-none"
        >
          <path
            fillRule="evenodd"
            d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </DisclosureButton>
      <DisclosurePanel className="px-4 pb-4">
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="sr-only">{label}</legend>
          {children}
        </fieldset>
      </DisclosurePanel>
    </Disclosure>
  );
}

/** Checkboxes of a short list of values with their labels. */
function Checklist<V extends string>({
  values,
  labels,
  chosen,
  onChange,
}: {
  values: readonly V[];
  labels?: Record<V, string>;
  chosen: readonly V[];
  onChange: (chosen: V[]) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      {values.map((value) => (
        <CheckboxField
          key={value}
          label={labels?.[value] ?? value}
          checked={chosen.includes(value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? values.filter((v) => v === value || chosen.includes(v))
                : chosen.filter((v) => v !== value),
            )
          }
        />
      ))}
    </div>
  );
}

interface AudienceBuilderProps {
  choice: AudienceChoice;
  /** The pasted addresses as typed. */
  emailsText: string;
  onChange: (choice: AudienceChoice, emailsText: string) => void;
}

/**
 * The admins' audience (ADR 0046): university, campus, degree, study type, thesis stage, goal,
 * province, study area, the project applied to and the application's status, and addresses
 * pasted or read from a file. Every criterion is a closed section saying what it holds; what it
 * offers loads when it is opened. The catalogue's lists are the profile forms' fetchers (ADR
 * 0031), the values the shared vocabularies. A campus is chosen within the university, the
 * degrees within the study type and the place: changing one of those empties what hangs from it.
 */
export function AudienceBuilder({ choice, emailsText, onChange }: AudienceBuilderProps) {
  const studyTypeName = useId();
  const set = (patch: Partial<AudienceChoice>) => onChange({ ...choice, ...patch }, emailsText);
  const hasCriteria =
    JSON.stringify({ ...choice, emails: [] }) !== JSON.stringify(EMPTY_CHOICE) ||
    emailsText.trim() !== '';
  const emails = extractEmails(emailsText).valid;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Los criterios se suman: la comunicación llega a quien los cumple todos. Dentro de un
        criterio, basta con una de las opciones elegidas. Sin criterios, llega a todos los
        estudiantes.
      </p>
      <div className="grid items-start gap-3 lg:grid-cols-2">
        <Criterion
          label="Universidad"
          summary={names(choice.university ? [choice.university] : [])}
        >
          <OptionSearch
            label="Universidad"
            name="universities"
            getOptions={getUniversityOptions}
            isMultiple={false}
            value={choice.university ? [choice.university] : []}
            onChange={([university]) =>
              set({ university: university ?? null, campus: null, degrees: [] })
            }
          />
        </Criterion>
        <Criterion label="Campus" summary={names(choice.campus ? [choice.campus] : [])}>
          {choice.university ? (
            <OptionSearch
              label="Campus"
              name="campuses"
              getOptions={getCampusOptions}
              parentValues={{ university: choice.university.value }}
              isMultiple={false}
              value={choice.campus ? [choice.campus] : []}
              onChange={([campus]) => set({ campus: campus ?? null, degrees: [] })}
            />
          ) : (
            <p className="text-sm text-slate-600">Elige antes una universidad.</p>
          )}
        </Criterion>
        <Criterion label="Tipo de estudios" summary={choice.studyType ?? ANY}>
          <div className="flex flex-col gap-2">
            {[null, ...STUDY_TYPES].map((type: StudyType | null) => (
              <label
                key={type ?? 'any'}
                className="inline-flex items-center gap-2 text-sm text-slate-900"
              >
                <input
                  type="radio"
                  name={studyTypeName}
                  checked={choice.studyType === type}
                  onChange={() => set({ studyType: type, degrees: [] })}
                  className="size-4 accent-main"
                />
                {type ?? ANY}
              </label>
            ))}
          </div>
        </Criterion>
        <Criterion label="Titulación" summary={names(choice.degrees)}>
          <OptionSearch
            label="Titulación"
            name="degrees"
            getOptions={getStudentDegreeOptions}
            parentValues={{
              ...(choice.studyType ? { study_type: choice.studyType } : {}),
              ...(choice.university ? { university: choice.university.value } : {}),
              ...(choice.campus ? { campus: choice.campus.value } : {}),
            }}
            isMultiple
            value={choice.degrees}
            onChange={(degrees) => set({ degrees })}
          />
        </Criterion>
        <Criterion
          label="Etapa del TFG/M"
          summary={names(
            choice.thesisStages.map((stage) => ({
              value: stage,
              label: THESIS_STAGE_LABELS[stage],
            })),
          )}
        >
          <Checklist
            values={THESIS_STAGES}
            labels={THESIS_STAGE_LABELS}
            chosen={choice.thesisStages}
            onChange={(thesisStages) => set({ thesisStages })}
          />
        </Criterion>
        <Criterion
          label="Objetivo"
          summary={names(
            choice.goals.map((goal) => ({ value: goal, label: STUDENT_GOAL_LABELS[goal] })),
          )}
        >
          <Checklist
            values={STUDENT_GOALS}
            labels={STUDENT_GOAL_LABELS}
            chosen={choice.goals}
            onChange={(goals) => set({ goals })}
          />
        </Criterion>
        <Criterion label="Provincia" summary={names(asOptions(choice.provinces))}>
          <OptionSearch
            label="Provincia"
            name="provinces"
            getOptions={getProvinceOptions}
            isMultiple
            value={asOptions(choice.provinces)}
            onChange={(provinces) => set({ provinces: provinces.map((option) => option.value) })}
          />
        </Criterion>
        <Criterion label="Área de conocimiento" summary={names(asOptions(choice.studyAreas))}>
          <OptionSearch
            label="Área de conocimiento"
            name="study-areas"
            getOptions={getStudyAreaOptions}
            isMultiple
            value={asOptions(choice.studyAreas)}
            onChange={(studyAreas) => set({ studyAreas: studyAreas.map((option) => option.value) })}
          />
        </Criterion>
        <Criterion
          label="Proyecto al que se han inscrito"
          summary={names(choice.project ? [choice.project] : [])}
        >
          <OptionSearch
            label="Proyecto"
            name="projects"
            getOptions={getProjectOptions}
            isMultiple={false}
            value={choice.project ? [choice.project] : []}
            onChange={([project]) => set({ project: project ?? null })}
          />
        </Criterion>
        <Criterion
          label="Estado de la candidatura"
          summary={names(asOptions(choice.applicationStatuses))}
        >
          <p className="text-sm text-slate-600">
            Con un proyecto elegido, el estado de su candidatura a ese proyecto.
          </p>
          <Checklist
            values={APPLICATION_STATUSES}
            chosen={choice.applicationStatuses}
            onChange={(applicationStatuses) => set({ applicationStatuses })}
          />
        </Criterion>
      </div>
      <Criterion
        label="Direcciones de correo"
        summary={
          emails.length === 0
            ? ANY
            : emails.length === 1
              ? emails[0]!
              : `${emails.length} direcciones`
        }
      >
        <EmailListField
          text={emailsText}
          onChange={(text, found) => onChange({ ...choice, emails: found }, text)}
        />
      </Criterion>
      {hasCriteria ? (
        <div>
          <Button variant="secondary" onClick={() => onChange(EMPTY_CHOICE, '')}>
            Quitar todos los criterios
          </Button>
        </div>
      ) : null}
    </div>
  );
}
