import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COMMUNICATIONS_PATH, communicationPath } from '../paths';
import { buildAudience, EMPTY_CHOICE } from '../utils/audience';
import { AudienceBuilder } from './audience-builder';
import { MessageForm } from './message-form';
import { PageFrame } from './page-frame';

const STUDENTS = { one: 'estudiante', many: 'estudiantes' };

/**
 * `/admin/comunicaciones/nueva` (ADR 0046): the admins' composer, the audience builder in the
 * message form; once sent or scheduled, the communication's page follows its progress.
 */
export function AnnouncementComposer() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState(EMPTY_CHOICE);
  const [emailsText, setEmailsText] = useState('');
  return (
    <PageFrame
      title="Nueva comunicación"
      back={{ to: COMMUNICATIONS_PATH, label: 'Volver al historial' }}
      intro="Cada estudiante elegido la recibe en su centro de comunicaciones y, si lo tiene activado en sus preferencias, por correo."
    >
      <MessageForm
        audience={buildAudience(choice)}
        noun={STUDENTS}
        audienceFields={
          <AudienceBuilder
            choice={choice}
            emailsText={emailsText}
            onChange={(next, text) => {
              setChoice(next);
              setEmailsText(text);
            }}
          />
        }
        onSent={(announcement) => void navigate(communicationPath(announcement.id))}
      />
    </PageFrame>
  );
}
