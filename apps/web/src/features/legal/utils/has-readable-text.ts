/** Whether HTML has any text a person would read (an editor left empty still holds `<p></p>`). */
export function hasReadableText(html: string): boolean {
  const template = document.createElement('template');
  template.innerHTML = html;
  return (template.content.textContent ?? '').trim().length > 0;
}
