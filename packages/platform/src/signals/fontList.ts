/**
 * About fifty families common on Windows, macOS, Linux, Android and iOS. A desktop shows a
 * dozen or more of them; a stripped container image shows almost none.
 */
export const FONT_FAMILIES: readonly string[] = (
  'Arial,Arial Black,Arial Narrow,Book Antiqua,Bookman Old Style,Calibri,Cambria,Candara,Century Gothic,' +
  'Comic Sans MS,Consolas,Constantia,Corbel,Courier New,Franklin Gothic Medium,Garamond,Georgia,Impact,' +
  'Lucida Console,Lucida Sans Unicode,Microsoft Sans Serif,MS Gothic,Palatino Linotype,Segoe UI,Tahoma,' +
  'Times New Roman,Trebuchet MS,Verdana,Helvetica,Helvetica Neue,Avenir,Futura,Geneva,Gill Sans,' +
  'Menlo,Monaco,Optima,Apple Chancery,Baskerville,Didot,Roboto,Noto Sans,Droid Sans,Ubuntu,' +
  'DejaVu Sans,Liberation Sans,Cantarell,Fira Sans,Open Sans,Lato,Source Sans Pro'
).split(',');
