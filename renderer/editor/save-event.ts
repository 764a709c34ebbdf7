// The desktop menu's Save reaches the editor as this window event, as Ctrl/Cmd+S does.
export const SAVE_EVENT = 'inkwell:save';
