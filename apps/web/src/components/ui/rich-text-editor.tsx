import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { FieldMessages } from './form';
import { RICH_TEXT_CLASSES } from './rich-text';

/** Link addresses the server keeps (ADR 0035): http(s), mailto:, tel: or a path of the site. */
const LINK_PATTERN = /^(https?:\/\/\S+|mailto:\S+|tel:[+\d\s-]+|\/(?!\/)\S*)$/i;
/** Spec §5's message for a value in the wrong format. */
const INVALID_LINK_MESSAGE = 'Formato no válido.';

interface RichTextEditorProps {
  /** The editable area's id (to move the focus to it, e.g. to the first field with an error). */
  id?: string;
  label: string;
  /** The HTML it starts with; later changes of this prop are ignored (remount to reset). */
  initialValue: string;
  onChange: (html: string) => void;
  hint?: ReactNode;
  error?: string;
}

const TOOLBAR_BUTTON =
  'inline-flex min-h-9 items-center justify-center rounded-md border px-2.5 py-1 text-sm font-semibold transition-colors disabled:opacity-50';

function ToolbarButton({
  label,
  isActive,
  isDisabled = false,
  onClick,
  children,
}: {
  label: string;
  /** For formats: whether the selection has it (aria-pressed). Undefined for plain actions. */
  isActive?: boolean;
  isDisabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={isActive}
      disabled={isDisabled}
      // Keeps the editor's selection: the button acts on what was selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        TOOLBAR_BUTTON,
        isActive
          ? 'border-main bg-main text-on-main'
          : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

/** What the toolbar shows of the selection, read on every change of the editor. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

/** The address field of a link: add one to the selection, change it or remove it. */
function LinkForm({
  editor,
  initialHref,
  onDone,
}: {
  editor: Editor;
  initialHref: string;
  onDone: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initialHref);
  const [error, setError] = useState<string>();

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const address = href.trim();
    if (!LINK_PATTERN.test(address)) {
      setError(INVALID_LINK_MESSAGE);
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      chain
        .insertContent({
          type: 'text',
          text: address,
          marks: [{ type: 'link', attrs: { href: address } }],
        })
        .run();
    } else {
      chain.extendMarkRange('link').setLink({ href: address }).run();
    }
    onDone();
  };

  return (
    // Not a <form>: the editor already sits inside one.
    <div className="flex flex-col gap-2 rounded-lg border border-slate-300 bg-slate-50 p-3">
      <label htmlFor={`${id}-href`} className="text-sm font-semibold text-slate-900">
        Dirección del enlace
      </label>
      <input
        id={`${id}-href`}
        type="text"
        inputMode="url"
        value={href}
        autoFocus
        onChange={(event) => {
          setHref(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            editor.commands.focus();
            onDone();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        Empieza por https://, mailto: o tel:, o es una ruta de este sitio, como /cookies.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => apply()}>Aplicar enlace</Button>
        {editor.isActive('link') ? (
          <Button
            variant="secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            Quitar enlace
          </Button>
        ) : null}
        <Button
          variant="secondary"
          onClick={() => {
            editor.commands.focus();
            onDone();
          }}
        >
          Cancelar
        </Button>
      </div>
    </div>
  );
}

function Toolbar({ editor, labelId }: { editor: Editor; labelId: string }) {
  const state = useToolbarState(editor);
  const [isLinkOpen, setIsLinkOpen] = useState(false);
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) =>
    command(editor.chain().focus()).run();

  return (
    <div className="flex flex-col gap-2">
      <div
        role="group"
        aria-label="Formato del texto"
        aria-describedby={labelId}
        className="flex flex-wrap gap-1.5"
      >
        <ToolbarButton
          label="Título de apartado"
          isActive={state.h2}
          onClick={() => run((c) => c.toggleHeading({ level: 2 }))}
        >
          Título
        </ToolbarButton>
        <ToolbarButton
          label="Subtítulo"
          isActive={state.h3}
          onClick={() => run((c) => c.toggleHeading({ level: 3 }))}
        >
          Subtítulo
        </ToolbarButton>
        <ToolbarButton
          label="Negrita"
          isActive={state.bold}
          onClick={() => run((c) => c.toggleBold())}
        >
          <strong>N</strong>
        </ToolbarButton>
        <ToolbarButton
          label="Cursiva"
          isActive={state.italic}
          onClick={() => run((c) => c.toggleItalic())}
        >
          <em className="font-serif">C</em>
        </ToolbarButton>
        <ToolbarButton
          label="Lista con viñetas"
          isActive={state.bulletList}
          onClick={() => run((c) => c.toggleBulletList())}
        >
          <span aria-hidden="true">•&nbsp;</span>Viñetas
        </ToolbarButton>
        <ToolbarButton
          label="Lista numerada"
          isActive={state.orderedList}
          onClick={() => run((c) => c.toggleOrderedList())}
        >
          <span aria-hidden="true">1.&nbsp;</span>Numerada
        </ToolbarButton>
        <ToolbarButton
          label="Enlace"
          isActive={state.link}
          onClick={() => setIsLinkOpen((open) => !open)}
        >
          Enlace
        </ToolbarButton>
        <ToolbarButton
          label="Deshacer"
          isDisabled={!state.canUndo}
          onClick={() => run((c) => c.undo())}
        >
          Deshacer
        </ToolbarButton>
        <ToolbarButton
          label="Rehacer"
          isDisabled={!state.canRedo}
          onClick={() => run((c) => c.redo())}
        >
          Rehacer
        </ToolbarButton>
      </div>
      {isLinkOpen ? (
        <LinkForm
          key={state.href}
          editor={editor}
          initialHref={state.href}
          onDone={() => setIsLinkOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** One set of extensions for every editor: options that keep their identity (see below). */
const EXTENSIONS = [
  StarterKit.configure({
    // The page's title is its h1: the text has sections (h2) and sub-sections (h3).
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    // No empty paragraph kept after the last line: the text ends where the admin stopped.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      // The server drops target and rel; the pages decide how links open.
      HTMLAttributes: { target: null, rel: null },
      protocols: ['mailto', 'tel'],
    },
  }),
];

/**
 * A rich text field on Tiptap (ADR 0035): section titles, subtitles, bold, italics, lists and
 * links, with a toolbar of buttons that say whether the selection has each format (aria-pressed)
 * and the usual shortcuts (Ctrl+B, Ctrl+I, Ctrl+Z). It writes HTML; the server keeps only its
 * allow-list of it. The editable area is a labelled multi-line text box.
 */
export function RichTextEditor({
  id: editableId,
  label,
  initialValue,
  onChange,
  hint,
  error,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const attributes = {
    ...(editableId ? { id: editableId } : {}),
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    class: cn(
      RICH_TEXT_CLASSES,
      'min-h-64 max-h-[32rem] overflow-y-auto rounded-lg border bg-white px-4 py-3 focus:outline-3 focus:outline-offset-2 focus:outline-main',
      error ? 'border-red-700' : 'border-slate-400',
    ),
  };
  // The error and its description change after the editor exists: its attributes follow. The
  // options keep their identity between renders otherwise: Tiptap applies changed options
  // (setOptions) on every render, which writes the editor's selection back into the page and can
  // undo a click that the editor has not read yet (the caret jumped to the start of the text).
  const attributesKey = JSON.stringify(attributes);
  const editorProps = useMemo(
    () => ({ attributes: JSON.parse(attributesKey) as Record<string, string> }),
    [attributesKey],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialValue,
    onUpdate: ({ editor: changed }) => onChangeRef.current(changed.getHTML()),
    editorProps,
  });

  return (
    <div className="flex flex-col gap-1.5">
      <span
        id={labelId}
        className="text-sm font-semibold text-slate-900"
        onClick={() => editor.commands.focus()}
      >
        {label}
      </span>
      <Toolbar editor={editor} labelId={labelId} />
      <EditorContent editor={editor} />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
