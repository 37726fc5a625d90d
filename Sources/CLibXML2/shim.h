#ifndef L10N_CLIBXML2_SHIM_H
#define L10N_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Only xmlCharEncodingHandler's private fields depend on ICU; dropping it keeps ICU's headers
   (which clash with Foundation's private ICU copy) out of every Swift module. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
#endif
