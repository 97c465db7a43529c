/* notice.h - the statement every file t24 generates for its users carries: the compiled
 * tables of `t24 emit` and the hitting-set instances and covers of `t24 study --out`.
 * t24's own code is under the MIT License (LICENSE); what it generates is the user's to
 * use, and says so in a comment. */
#ifndef T24_CORE_NOTICE_H
#define T24_CORE_NOTICE_H

#define NOTICE_FREE_USE "This generated file may be used freely, without conditions."

#endif
