import { useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { WELCOME_TARGETS, type WelcomeKind } from '../utils/welcome-rules';

interface WelcomeCopy {
  description: string;
  action: string;
}

/**
 * Spec §2 Modals: the title and the student's and coordinator's button texts are the spec's; the
 * bodies and the teacher's welcome are ours (ADRs 0017, 0033).
 */
export const WELCOME_TITLE = '¡Estás dentro!';

const COPY: Record<WelcomeKind, WelcomeCopy> = {
  student: {
    description:
      'Tu cuenta ya está lista. Completa tu perfil con tu provincia y un teléfono de contacto para que podamos recomendarte los proyectos que mejor encajan contigo y las organizaciones puedan escribirte.',
    action: 'Completar perfil en 3 minutos',
  },
  teacher: {
    description:
      'Tu cuenta ya está lista. Cuéntanos tu universidad, los grados en los que das clase y tu área de conocimiento para publicar proyectos y seguir a tu alumnado: solo te llevará 2 minutos.',
    action: 'Completar mi perfil',
  },
  coordinator: {
    description:
      'Tu cuenta ya está lista. Da de alta tu organización para publicar proyectos y empezar a recibir candidaturas de estudiantes: solo te llevará unos minutos.',
    action: 'Crear mi organización',
  },
};

interface WelcomeModalProps {
  kind: WelcomeKind;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The welcome of spec §2: its main action is a link (it navigates), focused when the modal opens;
 * "Ahora no", the close button and Escape only close it.
 */
export function WelcomeModal({ kind, isOpen, onClose }: WelcomeModalProps) {
  const actionRef = useRef<HTMLAnchorElement>(null);
  const copy = COPY[kind];
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={WELCOME_TITLE}
      description={copy.description}
      initialFocus={actionRef}
      header={<WelcomeMark />}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Ahora no
        </Button>
        <Link
          ref={actionRef}
          to={WELCOME_TARGETS[kind]}
          onClick={onClose}
          className={buttonClasses('primary')}
        >
          {copy.action}
        </Link>
      </div>
    </Modal>
  );
}

/** A decorative badge in the brand colours above the title. */
function WelcomeMark() {
  return (
    <span
      aria-hidden="true"
      className="mb-4 grid size-14 place-items-center rounded-2xl bg-main text-on-main shadow-md"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-7"
      >
        <path d="M5 12.5l4.2 4.2L19 7" />
      </svg>
    </span>
  );
}
