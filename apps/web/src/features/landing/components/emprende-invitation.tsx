import { Link } from 'react-router';
import { CallToAction } from './call-to-action';
import { heroActionClasses } from './landing-hero';

/** Spec §2 Landing: where the "Inscribirme ahora" invitation leads. */
export const EMPRENDE_REGISTER_PATH = '/register?profile=student';

/**
 * Spec §2 Landing: on `/`, signed out, with a program matching "Emprende", the page closes with an
 * invitation to register as a student: "Inscribirme ahora".
 */
export function EmprendeInvitation({ program }: { program: string }) {
  return (
    <CallToAction
      id="inscripcion"
      title={`Participa en ${program}`}
      actions={
        <Link to={EMPRENDE_REGISTER_PATH} className={heroActionClasses('primary')}>
          Inscribirme ahora
        </Link>
      }
    >
      <p>
        Si eres estudiante, crea tu cuenta, completa tu perfil en unos minutos y empieza a descubrir
        proyectos con impacto social para tu TFG o TFM.
      </p>
    </CallToAction>
  );
}
